export const BUILD_INPUTS: string[];
export const STAMP: string;
export function hashBuildInputs(root: string): string;
export function whyBuild(root: string): string | null;
export function beginBuild(root: string): void;
export function finishBuild(root: string): void;
