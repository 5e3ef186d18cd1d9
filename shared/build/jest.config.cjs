const { jestConfig } = require('./jestConfig.cjs');

// The factory's own tests sit beside it (this package has no src/).
module.exports = { ...jestConfig({ dir: __dirname, environment: 'node' }), roots: ['<rootDir>'] };
