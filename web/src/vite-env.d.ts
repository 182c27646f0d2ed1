/** Vite's types for what the build provides, such as import.meta.env.DEV (true only in a development build). */
/// <reference types="vite/client" />
