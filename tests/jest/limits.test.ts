import { LIMITS } from '@/shared/config';

import { LIMITS as SERVER_LIMITS } from '../../server/src/shared/limits';

describe('form limits', () => {
  it("are the server's limits", () => {
    for (const [name, value] of Object.entries(LIMITS)) {
      expect({ name, value }).toEqual({ name, value: SERVER_LIMITS[name as keyof typeof SERVER_LIMITS] });
    }
  });
});
