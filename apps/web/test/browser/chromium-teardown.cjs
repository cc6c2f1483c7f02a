module.exports = require('./chromium.cjs').globalTeardown;
