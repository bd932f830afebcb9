module.exports = { ...require('../../jest.preset.js'), displayName: '@corbeille/event-store-eventstoredb' };
