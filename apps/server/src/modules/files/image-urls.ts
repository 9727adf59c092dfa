import type { ImageVariants } from '@vm/domain';

export const IMAGE_VARIANTS = ['original', 'medium', 'thumb'] as const;
export type ImageVariant = (typeof IMAGE_VARIANTS)[number];

/** Protected image URLs (SPEC section 7): fetched with the bearer header. */
export function imageVariants(imageId: string): ImageVariants {
  const url = (v: ImageVariant) => ({ url: `/api/image/${imageId}/${v}` });
  return { image: { original: url('original'), medium: url('medium'), thumb: url('thumb') } };
}
