const { jestConfig } = require('@originate/shared/build/jest');

module.exports = {
  ...jestConfig({ dir: __dirname }),
  // jsdom lacks the Node globals ky (imported through @originate/shared) touches at load time.
  setupFiles: ['<rootDir>/jest.setup.cjs'],
};
