const { jestConfig } = require('@originate/shared/build/jest');

module.exports = {
  ...jestConfig({ dir: __dirname }),
  // jsdom plus the web platform globals (TextEncoder, fetch, WebCrypto) ky needs when @originate/shared loads;
  // shared's README names this environment for sibling packages until the factory adopts it.
  testEnvironment: require.resolve('@originate/shared/testing/jsdomEnvironment'),
};
