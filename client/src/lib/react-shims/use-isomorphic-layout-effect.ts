// @xstate/react's choice between useLayoutEffect and useEffect exists for server rendering; this app renders in the
// browser only.
import { useLayoutEffect } from 'react';

export default useLayoutEffect;
