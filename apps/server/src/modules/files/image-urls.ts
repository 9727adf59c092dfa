import type { ImageVariants } from '@vm/domain';

import { IMAGE_VARIANTS } from '@vm/domain';

export { IMAGE_VARIANTS };
export type ImageVariant = (typeof IMAGE_VARIANTS)[number];

/** Protected image URLs (SPEC section 7): fetched with the bearer header. */
export function imageVariants(imageId: string): ImageVariants {
  const url = (v: ImageVariant) => ({ url: `/api/image/${imageId}/${v}` });
  return { image: { original: url('original'), medium: url('medium'), thumb: url('thumb') } };
}
