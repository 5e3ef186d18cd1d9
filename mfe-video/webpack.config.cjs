const { createAppConfig } = require('@originate/build/createAppConfig');

module.exports = createAppConfig({
  name: 'mfe_video',
  dir: __dirname,
  port: 3005,
  exposes: {
    './VideoPage': './src/exposed/VideoPage.tsx',
    './VideoCall': './src/exposed/VideoCall.tsx',
  },
  title: 'Originate — Video',
});
