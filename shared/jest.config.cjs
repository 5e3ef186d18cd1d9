// The shared jest factory, with jsdom given the web platform globals ky and WebCrypto need.
module.exports = {
  ...require('./build/jest.config.cjs').jestConfig({ dir: __dirname }),
  testEnvironment: require.resolve('./src/testing/jsdomEnvironment.cjs'),
};
