import { randomUUID } from 'node:crypto';

/** A multipart/form-data body with a `content` JSON field and files, as browsers send it. */
export function multipart(content: unknown, files: { field: string; filename: string; type: string; data: Buffer }[]) {
  const boundary = `----vm${randomUUID()}`;
  const parts: Buffer[] = [];
  if (content !== undefined) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="content"\r\n\r\n${typeof content === 'string' ? content : JSON.stringify(content)}\r\n`));
  }
  for (const f of files) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\ncontent-type: ${f.type}\r\n\r\n`));
    parts.push(f.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
