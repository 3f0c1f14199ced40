import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { decodePointCloud, pointCloudsApi, type DecodedPointCloud, type PointCloudPageQuery } from '@patrol/contracts';
import { call, fetchFile } from '@/shared/api';
import { useActingTenant } from '@/shared/fleet';

/** The point clouds in the query cache: the lists and the decoded files. */
export const pointCloudsKey = ['point-clouds'] as const;
const listKey = (tenantId: number, query: PointCloudPageQuery) => [...pointCloudsKey, 'list', tenantId, query] as const;
const fileKey = (tenantId: number, pointCloudId: number) =>
  [...pointCloudsKey, 'file', tenantId, pointCloudId] as const;

/** GET a page of the tenant's clouds, the latest scan first. */
export function usePointClouds(query: PointCloudPageQuery) {
  const tenantId = useActingTenant();
  return useQuery({
    queryKey: listKey(tenantId, query),
    queryFn: ({ signal }) => call(pointCloudsApi.pagePointClouds, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * A cloud's file, downloaded and decoded for the viewer. Decoded clouds are large (16 MB for a
 * million points), so one is kept only while it is shown, not cached for later.
 */
export function usePointCloudFile(pointCloudId: number | null) {
  const tenantId = useActingTenant();
  return useQuery({
    queryKey: fileKey(tenantId, pointCloudId ?? 0),
    queryFn: async ({ signal }): Promise<DecodedPointCloud> => {
      const blob = await fetchFile(
        pointCloudsApi.getPointCloudFile,
        { params: { pointCloudId: pointCloudId! } },
        { signal, silent: true },
      );
      return decodePointCloud(new Uint8Array(await blob.arrayBuffer()));
    },
    enabled: pointCloudId !== null,
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
  });
}

/** Deletes a cloud and its file. */
export const deletePointCloud = (pointCloudId: number) =>
  call(pointCloudsApi.deletePointCloud, { body: { pointCloudId } });
