import imageCompression from 'browser-image-compression';

// The driver's profile picture (issue 21 part 5): senders see it on the driver's offers, as a
// thumb of 36 px and a medium of 120 px, so a phone photo of several MB is made small here first.

/** The types the picture input offers (and the only ones sent). */
export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const isPictureType = (file: File) => (PICTURE_TYPES as readonly string[]).includes(file.type);

/** A square-ish portrait at most 800 px and about 0.3 MB, as JPEG; the original when the browser cannot redraw it. */
export async function compressPicture(file: File): Promise<File> {
  try {
    // No web worker: its script would come from a CDN, which the content policy (and offline) refuse.
    const out = await imageCompression(file, { maxWidthOrHeight: 800, maxSizeMB: 0.3, useWebWorker: false, fileType: 'image/jpeg', initialQuality: 0.8 });
    return new File([out], file.name.replace(/\.[^.]*$/, '') + '.jpg', { type: 'image/jpeg' });
  } catch {
    return file;
  }
}
