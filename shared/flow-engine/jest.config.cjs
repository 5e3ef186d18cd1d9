const { jestConfig } = require('@originate/shared/build/jest');

module.exports = jestConfig({ dir: __dirname, environment: 'node' });
