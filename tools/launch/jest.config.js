module.exports = { ...require('../../jest.preset.js'), displayName: '@corbeille/tools-launch' };
