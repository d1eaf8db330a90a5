import { z } from 'zod';

/**
 * Every public body schema registers here under its OpenAPI component name, so the OpenAPI
 * description is generated from the very schemas that validate requests and type the code.
 */
export const contractRegistry = z.registry<{ id: string; description?: string }>();
