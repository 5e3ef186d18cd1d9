const { jestConfig } = require('@originate/build/jest');

module.exports = jestConfig({ dir: __dirname });
