// Jest stand-in for asset imports (webpack turns them into URLs at build time).
module.exports = 'asset';
