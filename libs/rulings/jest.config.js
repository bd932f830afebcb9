module.exports = { ...require('../../jest.preset.js'), displayName: '@corbeille/rulings' };
