// A command-line driver for scripting the marketplace through the driver API:
//   npm run driver -- [--url http://127.0.0.1:3000] --email <e> --password <p> <command> [args]
// Commands: open | assigned | offer <shipmentId> <price in euros> | withdraw <shipmentId>
//           state <shipmentId> <state> | location <shipmentId> <lat> <lng>
//           messages <shipmentId> | chat <shipmentId> <text>
// DRIVER_EMAIL, DRIVER_PASSWORD and API_URL may replace the options.
import { parseArgs } from 'node:util';

const USAGE = `Usage: npm run driver -- --email <e> --password <p> <command>
  open                              shipments open for offers
  assigned                          shipments you carry
  offer <shipmentId> <price>        make or re-price your offer (euros, excl. VAT)
  withdraw <shipmentId>             withdraw your offer
  state <shipmentId> <state>        move a shipment you carry (e.g. onwaytopickup)
  location <shipmentId> <lat> <lng> report where you are
  messages <shipmentId>             the chat with the sender (marks it read)
  chat <shipmentId> <text>          send the sender a chat message`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { url: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' }, json: { type: 'boolean' } },
});
const url = values.url ?? process.env.API_URL ?? 'http://127.0.0.1:3000';
const email = values.email ?? process.env.DRIVER_EMAIL;
const password = values.password ?? process.env.DRIVER_PASSWORD;
const [command, ...args] = positionals;
if (!email || !password || !command) {
  console.error(USAGE);
  process.exit(2);
}

async function call(method: string, path: string, token: string | null, body?: unknown) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}), 'accept-language': 'en' },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  const data = text ? JSON.parse(text) : null;
  if (!res.ok) {
    const msg = Array.isArray(data) ? data.map((e: { field: string; message: string }) => `${e.field}: ${e.message}`).join('; ') : (data?.error_description ?? res.statusText);
    throw new Error(`${res.status} ${msg}`);
  }
  return data;
}

type Job = { id: number; reference_id: string; current_state: { state: string }; pickup_location: { address: { city: string } }; delivery_location: { address: { city: string } }; pickup_date_from: number; route: { distance: number }; my_offer: { price: number } | null };
type Conversation = { sender: { id: number; first_name: string; last_name: string } | null; messages: { from: number; message: string; created_at: number }[] };
const line = (j: Job) =>
  `#${j.id} ${j.reference_id} ${j.current_state.state.padEnd(15)} ${j.pickup_location.address.city} -> ${j.delivery_location.address.city}, ${Math.ceil(j.route.distance / 1000)} km, pickup ${new Date(j.pickup_date_from * 1000).toISOString().slice(0, 16)}Z${j.my_offer ? `, your offer EUR ${j.my_offer.price.toFixed(2)}` : ''}`;

try {
  const token = (await call('POST', '/oauth/access_token', null, { grant_type: 'password', client_id: 'web', scope: 'app', username: email, password })).access_token as string;
  const id = Number(args[0]);
  const needId = () => {
    if (!Number.isInteger(id) || id <= 0) throw new Error(`${command} needs a shipment id\n${USAGE}`);
  };
  let out: unknown;
  switch (command) {
    case 'open':
    case 'assigned': {
      const jobs = (await call('GET', `/api/driver/shipments?scope=${command}`, token)) as Job[];
      out = values.json ? jobs : jobs.length ? jobs.map(line).join('\n') : 'No shipments.';
      break;
    }
    case 'offer':
      needId();
      out = await call('POST', `/api/driver/shipment/${id}/offer`, token, { price: Number(args[1]) });
      out = values.json ? out : `Offer ${(out as { id: number }).id} on shipment ${id}: EUR ${Number(args[1]).toFixed(2)}`;
      break;
    case 'withdraw':
      needId();
      await call('DELETE', `/api/driver/shipment/${id}/offer`, token);
      out = `Offer on shipment ${id} withdrawn.`;
      break;
    case 'state':
      needId();
      out = await call('POST', `/api/driver/shipment/${id}/status`, token, { state: args[1] });
      out = values.json ? out : line(out as Job);
      break;
    case 'location':
      needId();
      await call('POST', `/api/driver/shipment/${id}/location`, token, { lat: Number(args[1]), lng: Number(args[2]) });
      out = `Location of shipment ${id}: ${args[1]}, ${args[2]}`;
      break;
    case 'messages': {
      needId();
      const c = (await call('GET', `/api/driver/conversation/${id}`, token)) as Conversation;
      const name = (from: number) => (from === c.sender?.id ? `${c.sender.first_name} ${c.sender.last_name}`.trim() : 'You');
      out = values.json
        ? c
        : c.messages.length
          ? c.messages.map((m) => `${new Date(m.created_at * 1000).toISOString().slice(0, 16)}Z ${name(m.from)}: ${m.message}`).join('\n')
          : 'No messages.';
      break;
    }
    case 'chat': {
      needId();
      const text = args.slice(1).join(' ');
      out = await call('POST', `/api/driver/conversation/${id}`, token, { message: text });
      out = values.json ? out : `Message ${(out as { id: number }).id} sent on shipment ${id}.`;
      break;
    }
    default:
      console.error(USAGE);
      process.exit(2);
  }
  process.stdout.write(`${typeof out === 'string' ? out : JSON.stringify(out, null, 2)}\n`);
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
