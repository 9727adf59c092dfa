import { z } from 'zod';

// Image URLs on the wire (SPEC section 3): every picture comes in three sizes.

const imageUrl = z.object({ url: z.string() });
/** A stored picture's URLs: /api/image/{id}/{original|medium|thumb}. */
export const imageVariantsSchema = z.object({ image: z.object({ original: imageUrl, medium: imageUrl, thumb: imageUrl }) });
export type ImageVariants = z.infer<typeof imageVariantsSchema>;

/** A person as another user sees them: name and picture only. */
export const userSummarySchema = z.object({ id: z.number(), first_name: z.string(), last_name: z.string(), profile_picture: imageVariantsSchema.nullable() });
export type UserSummary = z.infer<typeof userSummarySchema>;
