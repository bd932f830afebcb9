module.exports = { ...require('../../jest.preset.js'), displayName: '@corbeille/api', testTimeout: 60000 };
