const { jestConfig } = require('@originate/build/jest');

// Isomorphic code: its tests run in Node, with Node's own fetch and WebCrypto.
module.exports = jestConfig({ dir: __dirname, environment: 'node' });
