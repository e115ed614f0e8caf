export { Mem0Controller } from './mem0.controller.js';
