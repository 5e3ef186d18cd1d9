const { createAppConfig } = require('@originate/build/createAppConfig');

module.exports = createAppConfig({
  name: 'mfe_reports',
  dir: __dirname,
  port: 3006,
  exposes: {
    './ReportsPage': './src/exposed/ReportsPage.tsx',
  },
  title: 'Originate — Reports',
});
