import { useEffect, useState } from 'react';
import { fetchImageUrl } from '@vm/client/api-client.ts';

type Props = { src: string | null | undefined; alt: string; className?: string; fallback: React.ReactNode };

/** An image of our API (needs the bearer header), shown through a blob: URL. */
export function ProtectedImage({ src, alt, className, fallback }: Props) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!src) return;
    const abort = new AbortController();
    let made: string | null = null;
    fetchImageUrl(src, abort.signal)
      .then((u) => {
        made = u;
        setUrl(u);
      })
      .catch(() => setUrl(null));
    return () => {
      abort.abort();
      if (made) URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [src]);
  return src && url ? <img src={url} alt={alt} className={className} /> : <>{fallback}</>;
}
