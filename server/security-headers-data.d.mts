/** On every response: pages, API, static files. */
export declare const SECURITY_HEADERS: { key: string; value: string }[];
/** API answers are data, never documents: nothing may load or frame them. */
export declare const API_CONTENT_SECURITY_POLICY: string;
