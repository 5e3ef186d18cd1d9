export declare const RELEASE_BASE_PLACEHOLDER: string;
