/// <reference types="@testing-library/jest-dom" />

declare module '*.css';
declare module '*.svg' {
  const url: string;
  export default url;
}
