/**
 * Names the directory of seeded templates that a whole run's test processes share (set by test/with-templates.ts,
 * read by harness/seeded.ts). A module of its own: the wrapper reads it without loading the app and PGlite.
 */
export const TEMPLATES_ENV = 'MOCK_SERVER_TEST_TEMPLATES';
