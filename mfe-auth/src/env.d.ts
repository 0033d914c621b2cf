/// <reference types="@testing-library/jest-dom" />

declare module '*.css';
