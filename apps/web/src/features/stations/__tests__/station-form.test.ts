import { describe, expect, it } from 'vitest';
import { stationForm } from '@patrol/contracts';
import { fieldIssues } from '@/shared/form/zod-rules';

const issues = (areaText: string) => fieldIssues(stationForm, 'areaText', { name: 'North gate', areaText });

describe('station form rules', () => {
  it('takes the drawn area as JSON text of at least 3 valid WGS84 nodes', () => {
    expect(issues('')).toEqual(['geometry.nodesRequired']);
    expect(issues('[[114, 22.5], [114.1')).toEqual(['geometry.jsonInvalid']);
    expect(issues('[[114, 22.5], [114.1, 22.5]]')).toEqual(['geometry.tooFewNodes']);
    expect(issues('[[114, 22.5], [114.1, 22.5], [114.1, 95]]')).toContain('geometry.coordinateInvalid');
    expect(issues('[[114, 22.5], [114.1, 22.6], [114.1, 22.5], [114, 22.6]]')).toEqual(['geometry.selfIntersecting']);
    expect(issues('[[114, 22.5], [114.1, 22.5], [114.1, 22.6]]')).toEqual([]);
  });

  it('needs a name', () => {
    expect(fieldIssues(stationForm, 'name', { name: '  ' })).toEqual(['stations.nameRequired']);
  });
});
