// Forwards /api/auth/* to the gateway, so mailed links and API clients can use the web app's origin:
// the browser sees one origin, cookies stay the web app's, and no CORS is needed.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

// Headers that describe one connection, not the message: never forwarded.
const hopByHop = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

function withoutHopByHop(headers) {
  const out = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !hopByHop.has(name.toLowerCase())) out[name] = value;
  }
  return out;
}

/**
 * An Express handler that forwards the request, as is, to `target` (the gateway's base URL), with
 * X-Forwarded-For set to the client's address (`req.ip`, which honours Express's `trust proxy`).
 * @param {string} target
 */
export function gatewayProxy(target) {
  const base = new URL(target);
  const send = base.protocol === 'https:' ? httpsRequest : httpRequest;
  return function proxy(req, res) {
    const url = new URL(req.originalUrl, base);
    const headers = withoutHopByHop(req.headers);
    headers.host = base.host;
    headers['x-forwarded-for'] = req.ip ?? req.socket.remoteAddress ?? '';
    headers['x-forwarded-proto'] = req.protocol;
    if (req.headers.host) headers['x-forwarded-host'] = req.headers.host;

    const upstream = send(url, { method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, withoutHopByHop(answer.headers));
      answer.pipe(res);
    });
    upstream.setTimeout(30000, () => upstream.destroy(new Error('gateway timeout')));
    upstream.on('error', () => {
      if (res.headersSent) return void res.destroy();
      res.status(502).json({ code: 'GATEWAY_UNAVAILABLE', message: 'The gateway could not be reached' });
    });
    req.pipe(upstream);
  };
}
