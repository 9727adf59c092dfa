import { randomUUID } from 'node:crypto';
import { apiRoutes } from '@vm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addVehicle, joinedDriver, lightVan, uploadDocument } from '../helpers/driver-joining.ts';
import { registerAndLogin } from '../helpers/flows.ts';
import { accept, addCard, createDriver, createShipment, driverState, makeOffer, proofPng } from '../helpers/marketplace.ts';
import { multipart } from '../helpers/multipart.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Issue 21: another driver gets 404 on every driver route that names someone else's job, vehicle,
// document or proof (before any other check), and a sender never sees another job's proof. Every
// /api/driver route with a path parameter is in the sweep: a new one fails this test until it is.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Auth = { authorization: string };

describe('someone else’s', () => {
  it('job, vehicle, document and proof answer 404 to another driver on every driver route, and to another sender', async () => {
    const sender = await registerAndLogin(t);
    const owner = await createDriver(t);
    const jobId = await createShipment(t, sender.auth);
    await addCard(t, sender.auth);
    expect((await accept(t, sender.auth, jobId, await makeOffer(t, owner, jobId, 100))).statusCode).toBe(200);
    // Issue 23: a problem with the job, with a photo.
    const pic = await proofPng();
    const reported = multipart({ kind: 'no_show', text: 'Nog niemand gezien vandaag.', photos: ['p'] }, [{ field: 'p', filename: 'p.png', type: 'image/png', data: pic }]);
    const problem = await t.app.inject({ method: 'POST', url: `/api/shipment/${jobId}/problem`, payload: reported.payload, headers: { ...reported.headers, ...sender.auth } });
    expect(problem.statusCode, problem.body).toBe(201);
    const problemFile = String(problem.json().statements[0].photos[0].url).split('/').at(-1)!;
    const answerBody = multipart({ text: 'Ik stond er om acht uur al.' }, []);
    for (const s of ['onwaytopickup', 'nearpickup', 'arrivedpickup', 'loading', 'loaded']) expect((await driverState(t, owner, jobId, s)).statusCode).toBe(200);
    const proofs = (await t.app.inject({ method: 'GET', url: `/api/driver/shipment/${jobId}/proof`, headers: owner.auth })).json();
    const proofFile = String(proofs.proofs[0].signature_url).split('/').at(-1)!;

    // A joining driver's vehicle and document.
    const joining = await joinedDriver(t);
    const vehicleId = (await addVehicle(t, joining.auth, lightVan())).json().id as number;
    const documentId = (await uploadDocument(t, joining.auth, 'driving_licence', '2030-01-31')).json().id as number;

    const other = await createDriver(t);
    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    const proofBody = multipart({ kind: 'delivery', client_id: randomUUID(), taken_at: 1, lat: 50, lng: 4, accuracy_m: 5, signer_name: 'X', condition: 'good', packages: [], signature: 's' }, [
      { field: 's', filename: 's.png', type: 'image/png', data: png },
    ]);
    // A valid request for each route, naming the other party's object: only ownership can refuse it.
    const requests: Record<string, { url: string; payload?: unknown; headers?: Record<string, string> }> = {
      driverConversation: { url: `/api/driver/conversation/${jobId}` },
      driverSendMessage: { url: `/api/driver/conversation/${jobId}`, payload: { message: 'Hallo' } },
      updateVehicle: { url: `/api/driver/vehicles/${vehicleId}`, payload: lightVan() },
      removeVehicle: { url: `/api/driver/vehicles/${vehicleId}` },
      documentFile: { url: `/api/driver/documents/${documentId}/file` },
      driverShipment: { url: `/api/driver/shipment/${jobId}` },
      withdrawOffer: { url: `/api/driver/shipment/${jobId}/offer` },
      driverState: { url: `/api/driver/shipment/${jobId}/status`, payload: { state: 'onwaytodelivery', client_id: randomUUID() } },
      driverLocation: { url: `/api/driver/shipment/${jobId}/location`, payload: { lat: 50.9, lng: 5.3, client_id: randomUUID() } },
      takeProof: { url: `/api/driver/shipment/${jobId}/proof`, payload: proofBody.payload, headers: proofBody.headers },
      driverProofs: { url: `/api/driver/shipment/${jobId}/proof` },
      driverProofFile: { url: `/api/driver/shipment/${jobId}/proof/file/${proofFile}` },
      driverConsignmentNote: { url: `/api/driver/shipment/${jobId}/consignment-note.pdf` },
      driverCancel: { url: `/api/driver/shipment/${jobId}/cancel`, payload: { reason: 'Mijn bestelwagen is stuk' } },
      driverProblem: { url: `/api/driver/shipment/${jobId}/problem` },
      answerProblem: { url: `/api/driver/shipment/${jobId}/problem`, payload: answerBody.payload, headers: answerBody.headers },
      driverProblemPhoto: { url: `/api/driver/shipment/${jobId}/problem/photo/${problemFile}` },
      // The week of the test clock; a week with the owner's released jobs is refused to others in settlement/statements.test.ts.
      driverStatement: { url: '/api/driver/statements/2026-11-16.pdf' },
    };
    // Offers are made on open jobs any driver may see; a made offer is only ever the driver's own.
    const skipped = new Set(['makeOffer']);
    const driverRoutes = Object.entries(apiRoutes).filter(([name, r]) => r.path.startsWith('/api/driver/') && r.path.includes(':') && !skipped.has(name));
    expect(Object.keys(requests).sort()).toEqual(driverRoutes.map(([name]) => name).sort());

    const answers: Record<string, number> = {};
    for (const [name, r] of driverRoutes) {
      const q = requests[name]!;
      const res = await t.app.inject({ method: r.method, url: q.url, headers: { ...other.auth, ...q.headers }, ...(q.payload === undefined ? {} : { payload: q.payload as string }) });
      answers[name] = res.statusCode;
    }
    expect(answers).toEqual(Object.fromEntries(driverRoutes.map(([name]) => [name, 404])));

    // Nothing changed for the owner.
    expect((await t.app.inject({ method: 'GET', url: `/api/driver/shipment/${jobId}`, headers: owner.auth })).json().current_state).toEqual({ state: 'loaded' });
    expect((await t.app.inject({ method: 'GET', url: '/api/driver/vehicles', headers: joining.auth })).json().vehicles).toHaveLength(1);

    // A sender never sees another job's proof, its files or its note.
    const stranger: Auth = (await registerAndLogin(t)).auth;
    for (const url of [`/api/shipment/${jobId}/proof`, `/api/shipment/${jobId}/proof/file/${proofFile}`, `/api/shipment/${jobId}/consignment-note.pdf`, `/api/shipment/${jobId}/problem`, `/api/shipment/${jobId}/problem/photo/${problemFile}`]) {
      expect((await t.app.inject({ method: 'GET', url, headers: stranger })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/shipment/${jobId}/proof`, headers: sender.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/shipment/${jobId}/problem/photo/${problemFile}`, headers: sender.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/driver/shipment/${jobId}/problem/photo/${problemFile}`, headers: owner.auth })).statusCode).toBe(200);
  });
});
