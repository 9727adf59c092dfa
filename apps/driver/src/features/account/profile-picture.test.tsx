import { screen, waitFor } from '@testing-library/react';
import { server } from '@vm/client/testing/web-test-setup.ts';
import imageCompression from 'browser-image-compression';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { driverApi, driverUser, profile, renderApp, resetApp } from '../../test-app.tsx';

// jsdom draws no canvas: the compressor stands in, so the test sees that the smaller file is the one sent.
vi.mock('browser-image-compression', () => ({ default: vi.fn(async () => new File(['small jpeg'], 'blob', { type: 'image/jpeg' })) }));

const picture = { image: { original: { url: '/api/image/9/original' }, medium: { url: '/api/image/9/medium' }, thumb: { url: '/api/image/9/thumb' } } };
const { createObjectURL, revokeObjectURL } = URL;

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:http://localhost/face-9');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  resetApp();
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
  vi.mocked(imageCompression).mockClear();
});

/** An approved driver without a picture; the attachment call answers with `answer` (or stores the picture). */
function approvedDriver(answer?: () => Response) {
  let saved = false;
  const sent: { content: unknown; file: File | null }[] = [];
  const imageAuth: (string | null)[] = [];
  driverApi(profile({ status: 'approved', vehicles: 1, missing_documents: [] }));
  server.use(
    http.get('*/api/user', () => HttpResponse.json({ ...driverUser, profile_picture: saved ? picture : null })),
    http.post('*/api/attachment', async ({ request }) => {
      const form = await request.formData();
      sent.push({ content: JSON.parse(String(form.get('content'))), file: form.get('file') as File | null });
      if (answer) return answer();
      saved = true;
      return HttpResponse.json({ attachments: [{ id: '9', type: 'profile_picture', ...picture }] }, { status: 201 });
    }),
    http.get('*/api/image/9/medium', ({ request }) => {
      imageAuth.push(request.headers.get('authorization'));
      return new HttpResponse(new Uint8Array([0xff, 0xd8, 0xff]), { headers: { 'content-type': 'image/jpeg' } });
    }),
  );
  return { sent, imageAuth };
}

describe('the driver’s profile picture', () => {
  it('an approved driver reads what the account page is for, uploads a smaller copy of the photo and sees it shown', async () => {
    const { sent, imageAuth } = approvedDriver();
    const { user } = renderApp('/account');
    expect(await screen.findByText('Hier pas je je profielfoto, je voertuigen en documenten, je meldingen en de taal van de app aan.')).toBeVisible();
    // Approved: the checklist no longer asks for verification, it asks to keep things up to date.
    expect(screen.getByText('Houd je voertuigen en documenten hier up-to-date: met een verlopen document kan je niet meer bieden.')).toBeVisible();
    expect(screen.queryByText(/Pas na goedkeuring kan je bieden/)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Profielfoto' })).toBeVisible();
    expect(screen.getByText('Verzenders zien deze foto bij je biedingen, naast je naam en score.')).toBeVisible();
    // No picture yet: the initials stand in.
    expect(screen.getByRole('img', { name: 'Je profielfoto' })).toHaveTextContent('FE');

    const input = screen.getByLabelText('Kies een foto');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    const photo = new File(['a big phone photo'], 'selfie.png', { type: 'image/png' });
    await user.upload(input, photo);

    expect(await screen.findByText('Profielfoto opgeslagen.')).toBeVisible();
    expect(vi.mocked(imageCompression)).toHaveBeenCalledWith(photo, expect.objectContaining({ maxWidthOrHeight: 800, useWebWorker: false }));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.content).toEqual({ object: 'user', object_id: 7, attachments: [{ file: 'file', type: 'profile_picture' }] });
    expect(await sent[0]!.file?.text()).toBe('small jpeg');

    // The account is read again and the new picture replaces the initials (fetched with the driver's token).
    await waitFor(() => expect(screen.getByRole('img', { name: 'Je profielfoto' })).toHaveAttribute('src', 'blob:http://localhost/face-9'));
    expect(screen.getByRole('img', { name: 'Je profielfoto' })).not.toHaveTextContent('FE');
    expect(imageAuth).toEqual(['Bearer a1']);
  });

  it('a picture the server refuses: its reason is shown and the initials stay', async () => {
    approvedDriver(() => HttpResponse.json([{ field: 'file', message: 'Deze afbeelding heeft te veel pixels.' }], { status: 400 }));
    const { user } = renderApp('/account');
    await user.upload(await screen.findByLabelText('Kies een foto'), new File(['x'], 'huge.webp', { type: 'image/webp' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Deze afbeelding heeft te veel pixels.');
    expect(screen.queryByText('Profielfoto opgeslagen.')).toBeNull();
    expect(screen.getByRole('img', { name: 'Je profielfoto' })).toHaveTextContent('FE');
  });

  it('a server failure without a reason: the driver is told to try again', async () => {
    approvedDriver(() => new HttpResponse(null, { status: 503 }));
    const { user } = renderApp('/account');
    await user.upload(await screen.findByLabelText('Kies een foto'), new File(['x'], 'face.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('De foto kon niet opgeslagen worden. Probeer opnieuw.');
  });
});
