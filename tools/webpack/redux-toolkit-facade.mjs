/**
 * The @reduxjs/toolkit every app shares as ONE federation singleton, limited to what the apps use (the
 * session store and the slices injected into it) and a few basics. A shared module cannot be
 * tree-shaken, so sharing the toolkit whole puts its listener middleware, entity adapter, selectors and
 * the rest into the /login load. '@reduxjs/toolkit' resolves here in webpack builds (Jest uses the real
 * package). Need another export? Add it to this list.
 */
export {
  combineReducers,
  configureStore,
  createAction,
  createAsyncThunk,
  createReducer,
  createSlice,
} from '__redux_toolkit_implementation__';
