const { createAppConfig } = require('@originate/shared/build/createAppConfig');

module.exports = createAppConfig({ name: 'shell', dir: __dirname, port: 3000, title: 'Originate' });
