module.exports = require('./build/jest.config.cjs').jestConfig({ dir: __dirname });
