const { createAppConfig } = require('@originate/build/createAppConfig');

module.exports = createAppConfig({
  name: 'mfe_applications',
  dir: __dirname,
  port: 3001,
  exposes: {
    './ApplicationsPage': './src/exposed/ApplicationsPage.tsx',
    './ApplicationDetail': './src/exposed/ApplicationDetail.tsx',
    './LifecyclesPage': './src/exposed/LifecyclesPage.tsx',
    './TemplatesPage': './src/exposed/TemplatesPage.tsx',
    './DecisionTablesPage': './src/exposed/DecisionTablesPage.tsx',
  },
  title: 'Originate — Applications',
});
