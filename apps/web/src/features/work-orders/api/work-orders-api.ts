import {
  workOrdersApi,
  type CreateWorkOrderRequest,
  type RouteQuery,
  type SortRequest,
  type UpdateWorkOrderRequest,
  type WorkOrderAction,
  type WorkOrderDetail,
  type WorkOrderSortColumn,
} from '@patrol/contracts';
import { useQuery } from '@tanstack/react-query';
import { call, download, queryClient } from '@/shared/api';
import type { ListParams } from '@/shared/list';

/** The list's filters as the contract's query reads them (times ISO, `overdue` 'true' or 'false'). */
export type WorkOrderFilters = Omit<
  NonNullable<RouteQuery<typeof workOrdersApi.pageWorkOrders>>,
  'index' | 'size' | 'sortBy' | 'sortOrder'
>;

/** The work orders in the query cache: the list, the details and the personnel. */
export const workOrdersKey = ['work-orders'] as const;
export const workOrderListKey = ['work-orders', 'list'] as const;
export const workOrderDetailKey = (workOrderId: number) => ['work-orders', 'detail', workOrderId] as const;
const personnelKey = ['work-orders', 'personnel'] as const;

/** GET a page of the tenant's work orders, each with what the caller may do to it. */
export const fetchWorkOrders = (params: ListParams<WorkOrderFilters, WorkOrderSortColumn>, signal?: AbortSignal) =>
  call(workOrdersApi.pageWorkOrders, { query: params }, { signal });

/** Downloads the filtered work orders, in the list's order, as `<fileName>.xlsx`. */
export const exportWorkOrders = (filters: WorkOrderFilters & SortRequest<WorkOrderSortColumn>, fileName: string) =>
  download(workOrdersApi.exportWorkOrders, { query: filters }, fileName);

/** GET one order with its items, its history and the fault reports behind it. */
export const fetchWorkOrder = (workOrderId: number, signal?: AbortSignal) =>
  call(workOrdersApi.getWorkOrder, { query: { workOrderId } }, { signal });

/** One order's details, while `workOrderId` is set. */
export function useWorkOrderDetail(workOrderId: number | null) {
  return useQuery({
    queryKey: workOrderDetailKey(workOrderId ?? 0),
    queryFn: ({ signal }) => fetchWorkOrder(workOrderId!, signal),
    enabled: workOrderId !== null,
    staleTime: 0,
  });
}

/** The users of the tenant an order may be assigned to, for the form's select. */
export function useWorkOrderPersonnel(enabled: boolean) {
  return useQuery({
    queryKey: personnelKey,
    queryFn: ({ signal }) => call(workOrdersApi.listWorkOrderPersonnel, {}, { signal }),
    enabled,
    staleTime: 60_000,
  });
}

export const createWorkOrder = (body: CreateWorkOrderRequest) => call(workOrdersApi.createWorkOrder, { body });
export const updateWorkOrder = (body: UpdateWorkOrderRequest) => call(workOrdersApi.updateWorkOrder, { body });
export const deleteWorkOrder = (workOrderId: number) => call(workOrdersApi.deleteWorkOrder, { body: { workOrderId } });

const ACTION_ROUTES = {
  push: workOrdersApi.pushWorkOrder,
  process: workOrdersApi.processWorkOrder,
  finish: workOrdersApi.finishWorkOrder,
} as const;

/** POST a status action (push, process, finish) with its optional comment; answers the changed order. */
export const runWorkOrderAction = (
  action: WorkOrderAction,
  workOrderId: number,
  comment: string | undefined,
): Promise<WorkOrderDetail> =>
  call(ACTION_ROUTES[action], { body: { workOrderId, ...(comment?.trim() ? { comment: comment.trim() } : {}) } });

/** After a change: the order's details take the server's answer, the list and the robots load again. */
export async function refreshWorkOrders(detail?: WorkOrderDetail): Promise<void> {
  if (detail) queryClient.setQueryData(workOrderDetailKey(detail.workOrderId), detail);
  // The robots' "stopped for repair" follows the open orders; without an answer (a refusal, a
  // delete) the open details load again too.
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: detail ? workOrderListKey : workOrdersKey }),
    queryClient.invalidateQueries({ queryKey: ['robots'] }),
  ]);
}
