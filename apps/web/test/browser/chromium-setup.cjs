module.exports = require('./chromium.cjs').globalSetup;
