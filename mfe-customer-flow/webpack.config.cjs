const { createAppConfig } = require('@originate/build/createAppConfig');

module.exports = createAppConfig({
  name: 'mfe_customer_flow',
  dir: __dirname,
  port: 3003,
  exposes: {
    './CustomerFlow': './src/exposed/CustomerFlow.tsx',
    './FlowForm': './src/exposed/FlowForm.tsx',
  },
  title: 'Originate — Apply',
  // The applicants' own page: its own build, without federation (createAppConfig).
  standalone: './src/standalone/index.tsx',
});
