const { createAppConfig } = require('@originate/build/createAppConfig');

module.exports = createAppConfig({
  name: 'mfe_leads',
  dir: __dirname,
  port: 3002,
  exposes: {
    './LeadsPage': './src/exposed/LeadsPage.tsx',
    './LeadDetail': './src/exposed/LeadDetail.tsx',
  },
  title: 'Originate — Leads',
});
