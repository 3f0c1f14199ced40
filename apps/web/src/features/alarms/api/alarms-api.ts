import {
  alarmsApi,
  type AlarmDetail,
  type AlarmMute,
  type AlarmSortColumn,
  type GunCommandRequest,
  type MuteAlarmsRequest,
  type OperateAlarmRequest,
  type RouteQuery,
  type SentimentCommandRequest,
} from '@patrol/contracts';
import { useQuery } from '@tanstack/react-query';
import { call, fetchFile } from '@/shared/api';
import type { ListParams } from '@/shared/list';

/** Filters of the alarm handling records; times are ISO strings. */
export type AlarmFilters = {
  robotId?: number;
  kind?: string;
  status?: string;
  escalated?: string;
  keyword?: string;
  startTime?: string;
  endTime?: string;
};

/** Filters of the net-gun records; `decision` is allowed, rejected or pending (undecided). */
export type GunFilters = {
  robotId?: number;
  decision?: string;
  status?: string;
  keyword?: string;
  startTime?: string;
  endTime?: string;
};

// The search bar's selects hold plain strings; the server checks them against the contract.
type AlarmQuery = RouteQuery<typeof alarmsApi.pageAlarms>;
type GunQuery = RouteQuery<typeof alarmsApi.pageGunRecords>;

/** The alarm lists and details in the query cache (a decision, an operation or a new alarm refreshes them). */
export const alarmsRoot = ['alarms'] as const;
export const alarmRecordsKey = ['alarms', 'records'] as const;
export const gunRecordsKey = ['alarms', 'gun'] as const;
export const alarmDetailKey = (alarmId: number) => ['alarms', 'detail', alarmId] as const;
/** Kept apart from the lists: the mute and the images are not refreshed with them. */
export const alarmMuteKey = ['alarm-mute'] as const;
export const alarmImageKey = (alarmId: number) => ['alarm-image', alarmId] as const;

/** GET the alarm handling records. */
export const fetchAlarmRecords = (params: ListParams<AlarmFilters, AlarmSortColumn>, signal?: AbortSignal) =>
  call(alarmsApi.pageAlarms, { query: params as AlarmQuery }, { signal });

/** GET the net-gun records (gun alarms with their decision). */
export const fetchGunRecords = (params: ListParams<GunFilters, AlarmSortColumn>, signal?: AbortSignal) =>
  call(alarmsApi.pageGunRecords, { query: params as GunQuery }, { signal });

/** GET one alarm with its operations and the commands sent for it. */
export const fetchAlarm = (alarmId: number, signal?: AbortSignal) =>
  call(alarmsApi.getAlarm, { params: { alarmId } }, { signal });

/** One alarm's details, while `alarmId` is set. */
export function useAlarmDetail(alarmId: number | null) {
  return useQuery({
    queryKey: alarmDetailKey(alarmId ?? 0),
    queryFn: ({ signal }) => fetchAlarm(alarmId!, signal),
    enabled: alarmId !== null,
    // Operations by others arrive as `alarmHandled` pushes, which invalidate it.
    staleTime: 0,
  });
}

/**
 * GET an alarm's image as a Blob (the route needs the session's headers). Silent: a missing image
 * is said where the image would be, not reported as a failure.
 */
export const fetchAlarmImage = (alarmId: number, signal?: AbortSignal) =>
  fetchFile(alarmsApi.getAlarmImage, { params: { alarmId } }, { signal, silent: true });

/** POST one disposal operation. */
export const operateAlarm = (body: OperateAlarmRequest): Promise<AlarmDetail> => call(alarmsApi.operateAlarm, { body });

/** POST the net-gun decision (flag true allows, false rejects). */
export const sendGunCommand = (body: GunCommandRequest): Promise<AlarmDetail> => call(alarmsApi.gunCommand, { body });

/** POST a sentiment result (ret 4: no deal). */
export const sendSentimentCommand = (body: SentimentCommandRequest): Promise<AlarmDetail> =>
  call(alarmsApi.sentimentCommand, { body });

/** GET the user's mute-until times. */
export const fetchAlarmMute = (signal?: AbortSignal): Promise<AlarmMute> =>
  call(alarmsApi.getAlarmMute, {}, { signal });

/** POST a mute of one kind of popup for N seconds. */
export const muteAlarms = (body: MuteAlarmsRequest): Promise<AlarmMute> => call(alarmsApi.muteAlarms, { body });
