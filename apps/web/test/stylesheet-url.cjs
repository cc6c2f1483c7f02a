// What a `*.css?url` import is in unit tests: a stylesheet URL like the one Vite would give.
module.exports = '/assets/stylesheet.css';
