// The engine's version, the one in this package's package.json (version.test.ts holds them equal): written
// here rather than read from package.json so the engine stays free of Node built-ins and JSON imports.
// The server reports the version it checks applications with; the portal compares majors with its own.
export const ENGINE_VERSION = '0.1.0';
