// @ts-check
// One jest setup for every package: @swc/jest (TypeScript 5 API not needed), jsdom for UI code.
/** @param {{ dir: string, environment?: 'node' | 'jsdom' }} options */
function jestConfig({ dir, environment = 'jsdom' }) {
  return {
    rootDir: dir,
    testEnvironment: environment === 'jsdom' ? require.resolve('./jsdomEnvironment.cjs') : environment,
    roots: ['<rootDir>/src'],
    setupFilesAfterEnv: environment === 'jsdom' ? [require.resolve('./jest.setup.cjs')] : [],
    // Above jest.setup's 10 s waits, so a slow wait fails as the wait it is, not as a timed-out test.
    testTimeout: 30_000,
    testMatch: ['**/*.test.ts', '**/*.test.tsx'],
    transform: {
      '^.+\\.(t|m?j)sx?$': [
        require.resolve('@swc/jest'),
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    // ky and typebox ship ESM only: let swc compile them for jest.
    transformIgnorePatterns: ['/node_modules/(?!(ky|typebox)/)'],
    moduleNameMapper: {
      '\\.(mp3|wav|png|svg)$': require.resolve('./fileStub.cjs'),
    },
  };
}
module.exports = { jestConfig };
