// A loopback DNS server for SSO domain verification tests (dns2): answers the TXT records a test
// publishes, NXDOMAIN for any other name, and records what it was asked.
import dns2 from 'dns2';

export interface TxtServer {
  /** `127.0.0.1:<port>`: what AUTH_DNS_SERVERS names. */
  address: string;
  /** Publishes the TXT strings of a name (one record each); an empty list removes the name. */
  publish(name: string, values: string[]): void;
  /** The names asked for, in order (lowercase). */
  readonly queries: string[];
  close(): Promise<void>;
}

/** Starts the server on 127.0.0.1, a random UDP port (its answers are small: no resolver falls back to TCP). */
export async function startTxtServer(): Promise<TxtServer> {
  const { Packet } = dns2;
  const records = new Map<string, string[]>();
  const queries: string[] = [];
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = (question?.name ?? '').toLowerCase();
      queries.push(name);
      const values = records.get(name);
      if (!values) response.header.rcode = 3; // NXDOMAIN
      else if (question?.type === Packet.TYPE.TXT) {
        // dns2 encodes a plain record object; its Resource type also names the encoder it adds.
        for (const data of values) response.answers.push({ name: question.name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 1, data } as unknown as (typeof response.answers)[number]);
      }
      void send(response);
    },
  });
  const udp = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const port = udp.udp?.port;
  if (!port) throw new Error('the DNS server did not start');
  return {
    address: `127.0.0.1:${port}`,
    publish(name, values) {
      if (values.length === 0) records.delete(name.toLowerCase());
      else records.set(name.toLowerCase(), values);
    },
    queries,
    close: () => server.close(),
  };
}
