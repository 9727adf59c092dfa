import { describe, expect, it } from 'vitest';
import { checkPhotos, MAX_PHOTO_BYTES, sniffImage } from './photo-check.ts';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1];
const bytes = (text: string) => [...text].map((c) => c.charCodeAt(0));
const file = (name: string, content: number[], type = 'image/png', size?: number) => {
  const body = size ? new Uint8Array(size) : new Uint8Array(content);
  body.set(content);
  return new File([body], name, { type });
};

describe('sniffImage', () => {
  it('knows the pictures the server takes by their first bytes', () => {
    expect(sniffImage(new Uint8Array(PNG))).toBe('png');
    expect(sniffImage(new Uint8Array(JPEG))).toBe('jpeg');
    expect(sniffImage(new Uint8Array(bytes('GIF89a......')))).toBe('gif');
    expect(sniffImage(new Uint8Array(bytes('RIFF\0\0\0\0WEBP')))).toBe('webp');
    expect(sniffImage(new Uint8Array(bytes('\0\0\0\x18ftypheic')))).toBe('heif');
    expect(sniffImage(new Uint8Array(bytes('\0\0\0\x18ftypavif')))).toBe('avif');
  });

  it('refuses anything else, whatever it is called', () => {
    expect(sniffImage(new Uint8Array(bytes('%PDF-1.7\n%..')))).toBeNull();
    expect(sniffImage(new Uint8Array(bytes('hello world!')))).toBeNull();
    expect(sniffImage(new Uint8Array(bytes('\0\0\0\x18ftypmp42')))).toBeNull();
    expect(sniffImage(new Uint8Array([0xff, 0xd8]))).toBeNull();
    expect(sniffImage(new Uint8Array([]))).toBeNull();
  });
});

describe('checkPhotos', () => {
  it('accepts real pictures up to the count', async () => {
    expect(await checkPhotos([file('a.png', PNG), file('b.jpg', JPEG, 'image/jpeg')], 3)).toBeNull();
  });

  it('names a file that only claims to be a picture', async () => {
    expect(await checkPhotos([file('a.png', PNG), file('factuur.png', bytes('%PDF-1.7\n%..'))], 3)).toEqual({ key: 'wizard.photoNotImage', name: 'factuur.png' });
  });

  it('names a file over 10 MB', async () => {
    expect(await checkPhotos([file('groot.jpg', JPEG, 'image/jpeg', MAX_PHOTO_BYTES + 1)], 3)).toEqual({ key: 'wizard.photoTooLarge', name: 'groot.jpg' });
  });

  it('says how many the package takes', async () => {
    expect(await checkPhotos([file('a.png', PNG), file('b.png', PNG)], 1)).toEqual({ key: 'wizard.photosTooMany', count: 1 });
  });
});
