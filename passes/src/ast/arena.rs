//! Arenas and typed handles: the AST refers to nodes by `Handle<T>`, a `u32` index that
//! knows what it points at, so a handle into one arena cannot be used with another.

use std::fmt;
use std::marker::PhantomData;

/// A typed index into an [`Arena<T>`].
pub struct Handle<T> {
    index: u32,
    marker: PhantomData<fn() -> T>,
}

impl<T> Handle<T> {
    fn new(index: usize) -> Self {
        Handle {
            index: index as u32,
            marker: PhantomData,
        }
    }
    /// The position of the element in its arena.
    pub fn index(self) -> usize {
        self.index as usize
    }
}

impl<T> Clone for Handle<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Handle<T> {}
impl<T> PartialEq for Handle<T> {
    fn eq(&self, other: &Self) -> bool {
        self.index == other.index
    }
}
impl<T> Eq for Handle<T> {}
impl<T> std::hash::Hash for Handle<T> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.index.hash(state)
    }
}
impl<T> PartialOrd for Handle<T> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl<T> Ord for Handle<T> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.index.cmp(&other.index)
    }
}
impl<T> fmt::Debug for Handle<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.index)
    }
}

/// An append-only vector addressed by [`Handle`]s.
#[derive(Debug, Clone)]
pub struct Arena<T> {
    items: Vec<T>,
}

impl<T> Default for Arena<T> {
    fn default() -> Self {
        Arena { items: Vec::new() }
    }
}

impl<T> Arena<T> {
    /// Appends an element and returns its handle.
    pub fn append(&mut self, value: T) -> Handle<T> {
        self.items.push(value);
        Handle::new(self.items.len() - 1)
    }
    /// The element behind `handle`, if the handle belongs to this arena.
    pub fn get(&self, handle: Handle<T>) -> Option<&T> {
        self.items.get(handle.index())
    }
    /// Number of elements.
    pub fn len(&self) -> usize {
        self.items.len()
    }
    /// Whether the arena is empty.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
    /// Iterates over `(handle, element)` pairs in insertion order.
    pub fn iter(&self) -> impl Iterator<Item = (Handle<T>, &T)> {
        self.items
            .iter()
            .enumerate()
            .map(|(i, v)| (Handle::new(i), v))
    }
    /// Iterates mutably over `(handle, element)` pairs in insertion order.
    pub fn iter_mut(&mut self) -> impl Iterator<Item = (Handle<T>, &mut T)> {
        self.items
            .iter_mut()
            .enumerate()
            .map(|(i, v)| (Handle::new(i), v))
    }
}

impl<T> std::ops::Index<Handle<T>> for Arena<T> {
    type Output = T;
    fn index(&self, handle: Handle<T>) -> &T {
        &self.items[handle.index()]
    }
}
impl<T> std::ops::IndexMut<Handle<T>> for Arena<T> {
    fn index_mut(&mut self, handle: Handle<T>) -> &mut T {
        &mut self.items[handle.index()]
    }
}

/// A side table keyed by handle (cranelift's `SecondaryMap`): analysis results live here
/// instead of in AST fields.
#[derive(Debug, Clone)]
pub struct HandleMap<K, V> {
    values: Vec<Option<V>>,
    marker: PhantomData<fn() -> K>,
}

impl<K, V> Default for HandleMap<K, V> {
    fn default() -> Self {
        HandleMap {
            values: Vec::new(),
            marker: PhantomData,
        }
    }
}

impl<K, V> HandleMap<K, V> {
    /// Records `value` for `key`.
    pub fn insert(&mut self, key: Handle<K>, value: V) {
        let i = key.index();
        if self.values.len() <= i {
            self.values.resize_with(i + 1, || None);
        }
        self.values[i] = Some(value);
    }
    /// The value recorded for `key`.
    pub fn get(&self, key: Handle<K>) -> Option<&V> {
        self.values.get(key.index()).and_then(Option::as_ref)
    }
}
