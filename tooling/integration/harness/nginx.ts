// deploy/nginx.conf, run as is but for its addresses: a copy in a temp dir with the listen port,
// the upstream servers, the temp paths and the access log rewritten, started in the foreground.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startChild, type Child } from './processes';

export const repo = path.resolve(__dirname, '..', '..', '..');
export const nginxConfigPath = path.join(repo, 'deploy', 'nginx.conf');
/** NGINX_BIN, else Debian's nginx (in /usr/sbin, which a user's PATH may lack), else `nginx` on PATH. */
export const nginxBinary = process.env.NGINX_BIN ?? (existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx');

export interface NginxAddresses {
  listen: number;
  gateways: [string, string];
  web: string;
  /** Holds the config copy, temp files, the pid file and the access log. */
  dir: string;
}

/** The config with this run's addresses; throws when a spelling the rewrite relies on is gone. */
export function renderNginxConfig(source: string, at: NginxAddresses): string {
  const replacements: [RegExp, string][] = [
    [/listen 8080;/, `listen 127.0.0.1:${at.listen};`],
    [/server gateway-1:3000 /, `server ${at.gateways[0]} `],
    [/server gateway-2:3000 /, `server ${at.gateways[1]} `],
    [/server web:3001 /, `server ${at.web} `],
    [/access_log \/dev\/stdout tend;/, `access_log ${path.join(at.dir, 'access.log')} tend;`],
  ];
  let text = source;
  for (const [pattern, value] of replacements) {
    if (!pattern.test(text)) throw new Error(`deploy/nginx.conf no longer contains ${pattern}: update the suite's rewrite`);
    text = text.replace(pattern, value);
  }
  return text.replaceAll('/tmp/nginx-', `${at.dir}/nginx-`);
}

export interface AccessLine {
  request_id: string;
  method: string;
  path: string;
  status: number;
  upstream: string;
  upstream_status: string;
}

export interface Nginx {
  child: Child;
  url: string;
  /** The access log so far, one parsed JSON line per request. */
  accessLog(): AccessLine[];
}

export function nginxArgs(dir: string): string[] {
  return ['-e', 'stderr', '-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', `daemon off; pid ${path.join(dir, 'nginx.pid')};`];
}

export function startNginx(at: NginxAddresses): Nginx {
  writeFileSync(path.join(at.dir, 'nginx.conf'), renderNginxConfig(readFileSync(nginxConfigPath, 'utf8'), at));
  const child = startChild('nginx', nginxBinary, nginxArgs(at.dir), { cwd: at.dir, env: { PATH: process.env.PATH } });
  return {
    child,
    url: `http://127.0.0.1:${at.listen}`,
    accessLog() {
      let text = '';
      try {
        text = readFileSync(path.join(at.dir, 'access.log'), 'utf8');
      } catch {
        return [];
      }
      return text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as AccessLine);
    },
  };
}
