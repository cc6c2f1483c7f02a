// The yardstick: a bare Express 5 endpoint answering a small JSON body, in its own process.
import express from '../apps/gateway/node_modules/express/index.js';

const app = express();
app.disable('x-powered-by');
app.set('etag', false);
app.get('/', (_req, res) => {
  res.json({ session: null });
});
app.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));
