// What the organization area's frame (routes/organizations.$id.tsx) loads, for its pages to read.
import { useRouteLoaderData } from '@remix-run/react';
import type { Abilities } from './model';

export interface AreaView {
  organization: { id: string; name: string; slug: string; active: boolean };
  /** "an owner", "a reviewer". */
  myRole: string;
  /** The role string itself (`admin,member`, `reviewer`). */
  roleString: string;
  userId: string;
  can: Abilities;
  blocked: boolean;
  soleOwner: boolean;
  notice: string | null;
  problem: null;
}

/** The frame's data: every page of the area renders inside it, so it is there. */
export function useArea(): AreaView {
  const loaded = useRouteLoaderData<AreaView | { organization: null }>('routes/organizations.$id');
  if (!loaded?.organization) throw new Error('The organization area has no organization');
  return loaded as AreaView;
}

/** The area's address: `/organizations/<id>`. */
export const areaPath = (organizationId: string) => `/organizations/${encodeURIComponent(organizationId)}`;
